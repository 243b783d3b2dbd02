import type { DocumentInfo } from 'shared';

/**
 * Who sees an application's document, in the words of the form that uploads it and of the detail
 * page that lists it: a public one everyone, any other only the deal's parties (customer and named executor).
 */
export const documentAudience = (document: Pick<DocumentInfo, 'public'>): string => (document.public ? 'виден всем' : 'виден участникам сделки');
