/** The callback form's id on /contacts. */
export const CALLBACK_FORM_ID = 'callback';

/** Where the other pages' «Заказать звонок» lead: the form itself, below the contacts on a phone. */
export const CALLBACK_HREF = `/contacts#${CALLBACK_FORM_ID}`;
