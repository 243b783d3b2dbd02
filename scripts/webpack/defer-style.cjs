// style-loader's `insert` for the browser builds: nothing yet. style-loader calls it with the new,
// empty <style> element just before it hands the element its text (styleTagTransform), and
// style-tag-transform.cjs puts it into <head> (insert-style.cjs) only if the text holds rules the
// server's inlined blocks do not: a stylesheet the server sent leaves no element in the document,
// where an empty one, inserted and then marked, had cost each start a head mutation per module
// (about 15 of them on a public page).
module.exports = function deferStyle() {};
