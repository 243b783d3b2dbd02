/**
 * A chosen service (an id in the URL) that neither the results on screen nor the catalogue name:
 * the filter's chip and the services picker call it the same.
 */
export const unnamedServiceLabel = (id: number | string): string => `Услуга № ${id}`;
