export { escapeHtml, pageTitle, renderHeadTags, serializeJsonLd, SITE_NAME, type HeadTagsOptions } from './head-tags';
export { absoluteUrl, breadcrumbList, clampText, itemList, type LinkedItem } from './json-ld';
export { useDocumentTitle } from './document-title';
