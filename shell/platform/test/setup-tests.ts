import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router reads TextEncoder at import time; jsdom does not provide it.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Dialogs, menus and toasts load Radix's script when first used (src/ui/dialog.tsx, menu.tsx, toast.tsx). Its first
// require in jsdom takes about a second, longer than a findBy query waits: required once here, as a browser holds it
// after the first use. A dialog still appears a moment after its render (findBy, not getBy).
import '../src/ui/dialog-primitive';
import '../src/ui/menu-primitive';
import '../src/ui/toast-region';
