/** Where a customer publishes an application (mf-applications' form): the catalogue's «Разместить заявку» leads there. */
export const NEW_APPLICATION_PATH = '/lk/application/form';
