/** The side panel's controls that the details page's shortcuts focus (s, a). */
export const STATUS_CONTROL_ID = 'record-status';
export const ASSIGNEE_CONTROL_ID = 'record-assignee';
