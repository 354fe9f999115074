// The one messages module: every user-facing Arabic string of the server, the public site and the console.
import { sharedText } from './shared';
import { serverText } from './server';
import { publicText } from './public';
import { adminText } from './admin';
import { meaningText } from './meaning';
import { graveLifeText } from './graveLife';
import { graveLifePublicText } from './graveLifePublic';
import { registerText } from './register';
import { registerConsoleText } from './registerConsole';
import { planText } from './plan';
import { planPublicText } from './planPublic';
import { offlineText } from './offline';
import { accountsText, sessionEndedText } from './accounts';
import { inputRulesText } from './inputRules';
import { throttleText } from './throttle';
import { httpEdgesText } from './httpEdges';
import { importReportText } from './importReport';
import { transferText } from './transfer';
import { transferPublicText } from './transferPublic';
import { burialDatesText } from './burialDates';
import { rolesText } from './roles';
import { identityText } from './identity';
import { settingsText } from './settings';
import { identityPagesText } from './identityPages';
import { settingsPageText } from './settingsPage';
import { setupText } from './setup';
import { emptyRegisterText } from './emptyRegister';
import { noticeRulesText, noticeWordsText } from './notices';
import { noticesConsoleText } from './noticesConsole';
import { noticesPublicText } from './noticesPublic';
import { noticePageText } from './noticesPublicPage';
import { sharePreviewsText } from './sharePreviews';
import { exportsText } from './exports';
import { platesText } from './plates';
import { plateSheetsText } from './plateSheets';
import { correctionsText } from './corrections';
import { correctionsConsoleText } from './correctionsConsole';
import { correctionsPublicText } from './correctionsPublic';
import { photosText } from './photos';
import { photosConsoleText } from './photosConsole';
import { photosPublicText } from './photosPublic';
import { pendingText } from './pending';
import { statisticsText } from './statistics';
import { fill } from './fill';

export const messages = {
  ...sharedText,
  ...meaningText,
  ...serverText,
  ...registerText,
  ...publicText,
  ...adminText,
  ...graveLifePublicText,
  ...graveLifeText,
  ...registerConsoleText,
  ...planText,
  ...planPublicText,
  ...offlineText,
  ...sessionEndedText,
  ...accountsText,
  ...inputRulesText,
  ...throttleText,
  ...httpEdgesText,
  ...importReportText,
  ...transferText,
  ...transferPublicText,
  ...burialDatesText,
  ...rolesText,
  ...identityText,
  ...settingsText,
  ...identityPagesText,
  ...settingsPageText,
  ...setupText,
  ...emptyRegisterText,
  ...noticeWordsText,
  ...noticeRulesText,
  ...noticesConsoleText,
  ...noticesPublicText,
  ...noticePageText,
  ...sharePreviewsText,
  ...exportsText,
  ...platesText,
  ...plateSheetsText,
  ...correctionsText,
  ...correctionsConsoleText,
  ...correctionsPublicText,
  ...photosText,
  ...photosConsoleText,
  ...photosPublicText,
  ...pendingText,
  ...statisticsText,
} as const;
export type MessageKey = keyof typeof messages;

export { fill };

export function t(key: MessageKey, params?: Record<string, string | number>): string {
  return fill(messages[key], params);
}
