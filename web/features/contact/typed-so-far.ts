import type { Contact } from '../../../common/contact.schema.ts';

const FIELDS = ['name', 'phone', 'email', 'message'] as const satisfies readonly (keyof Contact)[];

/** What someone typed into the contact form before its code came, and where their caret is. */
export interface TypedSoFar {
  values: Partial<Contact>;
  focused?: { name: keyof Contact; selection?: [number, number] };
}

/** Reads the form the page drew (its fields are named after Contact's keys). */
export function typedSoFar(form: HTMLFormElement | null): TypedSoFar {
  const values: Partial<Contact> = {};
  let focused: TypedSoFar['focused'];
  for (const name of FIELDS) {
    const control = form?.elements.namedItem(name);
    if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)) continue;
    if (control.value) values[name] = control.value;
    if (control === document.activeElement) {
      const { selectionStart, selectionEnd } = control;
      focused = {
        name,
        selection:
          selectionStart === null || selectionEnd === null
            ? undefined
            : [selectionStart, selectionEnd],
      };
    }
  }
  return { values, focused };
}
