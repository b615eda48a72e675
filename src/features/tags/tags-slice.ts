import { createRequestHolder } from '../../lib/request-holder';
import type { RecordTagAdd, RecordTagRemove, RecordTags, Tag, TagQuery, TagUsage } from './types';

/** Tags' response holders (docs/api-working.md "Tags"): one line each. */
export const tagsHolders = {
  // The type-ahead's suggestions (and a filter's chips by id).
  tagSuggestions: createRequestHolder<Tag[], TagQuery>('tagSuggestions'),
  // A filter's chosen tags by id, and the bulk bar's choices: apart from the type-ahead's.
  tagChoices: createRequestHolder<Tag[], TagQuery>('tagChoices'),
  // The bulk bar's tags to add or remove (the first 100 by name).
  tagOptions: createRequestHolder<Tag[], TagQuery>('tagOptions'),
  recordTagAdd: createRequestHolder<RecordTags, RecordTagAdd>('recordTagAdd'),
  recordTagRemove: createRequestHolder<RecordTags, RecordTagRemove>('recordTagRemove'),
  // The administrators' page.
  tagUsage: createRequestHolder<TagUsage[]>('tagUsage'),
  tagCreate: createRequestHolder<Tag, { name: string }>('tagCreate'),
  tagRename: createRequestHolder<Tag, { id: number; name: string }>('tagRename'),
  tagMerge: createRequestHolder<{ records: number }, { id: number; into: Tag; from: string }>(
    'tagMerge',
  ),
  tagDelete: createRequestHolder<{ records: number }, { id: number; name: string }>('tagDelete'),
};
