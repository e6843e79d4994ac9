// @app/platform/forms: the forms alone (react-hook-form with the zod resolver, the accessible fields), for a page that
// needs a form and nothing else of '@app/platform/app' (the sign-in page, issue 45): a shared module is loaded whole,
// and '@app/platform/app' also brings the query cache, the dialog and menu primitives and the market dialogs.
// The same modules as '@app/platform/app' re-exports, so react-hook-form stays one copy in the page.
export { Form, ROOT_SERVER_ERROR, applyServerErrors, useFieldError, useRequestForm, useZodForm } from './forms/form';
export type { FormProps } from './forms/form';
export {
  FormCheckbox,
  FormError,
  FormPasswordField,
  FormRadioGroup,
  FormSelect,
  FormTextArea,
  FormTextField,
  SubmitButton,
} from './forms/form-fields';
