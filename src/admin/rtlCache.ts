// An emotion cache whose styles pass through stylis-plugin-rtl: margins, paddings and positions flip for the
// console only (the public site has its own hand-written RTL CSS).
import createCache from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

export const rtlCache = createCache({ key: 'admin-rtl', stylisPlugins: [prefixer, rtlPlugin] });
