/** `/executor/search`: the same view as `/executor`, reached with filters in the URL. */
export { Component } from './executor-list-page';
