// A grave named alone, with its section (issue 23): grave numbers repeat across the sections, so the public grave
// page's title and heading, the home page's recent burials, the plan and the console's messages say
// «المقبرة ١٢ — رجال» (a bone section's grave by its label: «المرحلة الأولى — عظام»). In a sentence that already
// says which section (a move of remains), graveMoves.ts's gravePlace reads «مقبرة رجال رقم ١٢».
import { fill } from '../messages/fill';
import { graveNamesText as text } from '../messages/graveNames';
import { formatGraveNumber } from './format';
import type { Gender } from '../types';

export interface NamedGrave {
  gender: Gender;
  number: number | string;
}

/** The section's word as a grave's name carries it. */
export function sectionWord(gender: Exclude<Gender, 'bones'>): string {
  return gender === 'men' ? text['graveName.section.men'] : text['graveName.section.women'];
}

/** «المقبرة ١٢ — رجال», or a bone section's label «… — عظام». */
export function graveName(grave: NamedGrave): string {
  if (grave.gender === 'bones') return fill(text['graveName.bones'], { label: formatGraveNumber(grave.number) });
  return fill(text['graveName.numbered'], {
    number: formatGraveNumber(grave.number),
    section: sectionWord(grave.gender),
  });
}

/** «في المقبرة ١٢ — رجال». */
export const graveNameIn = (grave: NamedGrave): string => fill(text['graveName.in'], { grave: graveName(grave) });

/** The number and section a spec sentence ending in «رقم {number}» takes: «١٢ — رجال». */
export function graveNumberInSection(grave: NamedGrave): string {
  if (grave.gender === 'bones') return formatGraveNumber(grave.number);
  return fill(text['graveName.numberInSection'], {
    number: formatGraveNumber(grave.number),
    section: sectionWord(grave.gender),
  });
}

/** The browser tab's title of a grave's public page. */
export const gravePageTitle = (grave: NamedGrave, siteTitle: string): string =>
  fill(text['graveName.pageTitle'], { grave: graveName(grave), site: siteTitle });
