import { createRequestHolder } from '../../lib/request-holder';
import type { AgentAvailability, AssignmentDesk, AssignmentSettings, DeskRule } from './types';

/** Automatic assignment's response holders: one line each. */
export const assignmentHolders = {
  assignmentSettings: createRequestHolder<AssignmentSettings>('assignmentSettings'),
  saveAssignmentDesk: createRequestHolder<AssignmentDesk, { id: number; rule: DeskRule }>(
    'saveAssignmentDesk',
  ),
  myAvailability: createRequestHolder<AgentAvailability>('myAvailability'),
  setMyAvailability: createRequestHolder<AgentAvailability, { away: boolean }>('setMyAvailability'),
};
