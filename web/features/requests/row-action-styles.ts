import { smallButton } from '../../components/button-styles.ts';

// The look of a request row's actions (View, Done, Cancel, Edit, Delete, Repost and the family's
// Contact), in one place: `row-action` is what styles.css turns into one row of icons in a
// laptop table (issue 30 item 10).
const rowAction = `row-action justify-center ${smallButton}`;

export const rowActionClass = {
  plain: `${rowAction} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`,
  done: `${rowAction} bg-green-700 text-white hover:bg-green-800`,
  cancel: `${rowAction} bg-amber-700 text-white hover:bg-amber-800`,
  edit: `${rowAction} bg-blue-600 text-white hover:bg-blue-700`,
  danger: `${rowAction} bg-red-600 text-white hover:bg-red-700`,
};
