/** The menu button's two drawings (24×24, stroked): three bars to open, a cross to close. */
export const MENU_ICON = {
  open: 'M4 7h16M4 12h16M4 17h16',
  close: 'M6 6l12 12M18 6L6 18',
} as const;
