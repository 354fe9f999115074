import { todayIn } from '../../../domain/graveStatus';

/** Today's date in the register's time zone (the server's default, Africa/Cairo). */
export const registerToday = () => todayIn('Africa/Cairo');
