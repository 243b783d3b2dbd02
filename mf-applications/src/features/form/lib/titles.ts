/** The heading of a draft's form: its edit page's, and a new form's once its first save made it one. */
export const DRAFT_TITLE = 'Черновик заявки';
