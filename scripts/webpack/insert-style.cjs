// style-loader's `insert` for the browser builds: styles a bundle injects go before the styles a
// server-rendered page inlined (`<style data-ssr>`, ARCHITECTURE §9), so while the page's modules
// load the inlined block keeps its order and nothing shifts; the shell removes the block once the
// page has hydrated. Without one, the usual place: the end of <head>.
module.exports = function insertStyle(element) {
  const inlined = document.head.querySelector('style[data-ssr]');
  if (inlined) document.head.insertBefore(element, inlined);
  else document.head.appendChild(element);
};
