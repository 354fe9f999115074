// Glossary texts under names that say what they mean. ui-text-ar.md keys some texts by the screen where the
// specification first showed them (the connection error of the bones page, the "invalid token" of the suggestions
// screen, the add button of the article form); code elsewhere refers to the same words by their meaning.
import { sharedText } from './shared';
import { publicText } from './public';

export const meaningText = {
  'errors.connection': sharedText['bones.connectionError'],
  'errors.sessionInvalid': sharedText['suggestion.unauthorized'],
  'errors.sessionMissing': sharedText['suggestion.tokenMissing'],
  'action.add': sharedText['article.addButton'],
  'action.save': sharedText['burial.save'],
  'action.retry': publicText['public.retry'],
} as const;
