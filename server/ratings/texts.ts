// Every text of the satisfaction survey a person reads (mail, the rating page, API messages),
// written in English and put into the reader's language with the server catalog (locales/es.json).
export const RATING_MESSAGES = {
  rating: 'Choose Good or Bad.',
  comment: 'The comment can be at most 2000 characters.',
  survey: 'The survey setting must be true or false.',
  noSurvey: 'This ticket has no survey to answer.',
  onlyRequester: 'Only the requester can rate this ticket.',
  expired:
    'This survey has closed: ratings can be given or changed for 14 days after a ticket is solved.',
  tooMany: 'Too many requests from this address. Try again in a minute.',
} as const;

export const RATING_MAIL = {
  subject: 'How did we do? {{subject}}',
  greeting: 'Hello {{name}},',
  solved: 'Your ticket "{{subject}}" has been solved. How did we do?',
  good: 'Good, I am satisfied',
  bad: 'Bad, I am not satisfied',
  change: 'You can change your answer or add a comment until {{date}}.',
} as const;

export const RATING_PAGE = {
  title: 'How did we do?',
  question: 'How did we do with your ticket "{{subject}}"?',
  good: 'Good',
  bad: 'Bad',
  thanks: 'Thank you. Your rating was saved: {{rating}}.',
  saved: 'Thank you. Your rating and comment were saved.',
  commentLabel: 'Tell us more (optional)',
  send: 'Send',
  changeUntil: 'You can change your answer until {{date}}.',
  invalidTitle: 'This link does not work',
  invalid:
    'This rating link is not valid. Check that you opened the whole link from the mail; nothing was rated.',
  expiredTitle: 'This survey has closed',
  expired:
    'This rating link has expired: ratings can be given or changed for 14 days after a ticket is solved. Nothing was rated.',
  replacedTitle: 'This survey is for an earlier solve',
  replaced:
    'This ticket was reopened and solved again since this mail was sent. Use the link in the latest mail; nothing was rated.',
  tooManyTitle: 'Too many requests',
  tooMany: 'Too many requests from this address. Try again in a minute.',
} as const;
