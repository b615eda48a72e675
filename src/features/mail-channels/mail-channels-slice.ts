import type { RootState } from '../../app/root-reducer';
import { createRequestHolder } from '../../lib/request-holder';
import type { MailChannel, MailChannelList, SaveRequest, TestRequest, TestResult } from './types';

/** The mail channels page's response holders: one line each. */
export const mailChannelsHolders = {
  mailChannels: createRequestHolder<MailChannelList>('mailChannels'),
  mailChannelSave: createRequestHolder<MailChannel, SaveRequest>('mailChannelSave'),
  mailChannelTest: createRequestHolder<TestResult, TestRequest>('mailChannelTest'),
};

export const selectMailChannelList = (state: RootState) => state.holders.mailChannels.data;
