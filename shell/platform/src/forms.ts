// @app/platform/forms: the forms (react-hook-form with the zod resolver, the accessible fields). Screens and remotes
// take react-hook-form from here, never directly, so it exists once in the page (a federation singleton). Apart from
// '@app/platform/app' because a shared module is loaded whole: a page without a form does not load it (issue 45).
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
export { Controller, useController, useFormContext, useWatch } from 'react-hook-form';
export type { UseFormReturn } from 'react-hook-form';
