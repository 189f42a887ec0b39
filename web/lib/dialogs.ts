/// <reference types="sweetalert2" />
// Types for the dist path are declared in the package's sweetalert2.d.ts, loaded above.
// The plain build plus its stylesheet: the default build injects a <style> tag at run time.
import Swal from 'sweetalert2/dist/sweetalert2.js';
import 'sweetalert2/dist/sweetalert2.css';

const BRAND_RED = '#dc2626';

/** The spec's dialogs and toasts, in the brand colour. */
export const dialog = Swal.mixin({ confirmButtonColor: BRAND_RED });
