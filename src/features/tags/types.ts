import type { components } from '../../api/schema';
import type { ObjectType } from '../records/types';

/** A tag on a record, in a list row, in the type-ahead. */
export type Tag = components['schemas']['Tag'];
/** A tag with how many records carry it (the administrators' page). */
export type TagUsage = components['schemas']['TagUsage'];

export interface RecordTagAdd {
  type: ObjectType;
  id: number;
  /** A new or existing tag by name, or an existing one by id. */
  name?: string;
  tag_id?: number;
}

export interface RecordTagRemove {
  type: ObjectType;
  id: number;
  tag: Tag;
}

/** The record's tags after a change. */
export interface RecordTags {
  type: ObjectType;
  id: number;
  tags: Tag[];
}

/** What the type-ahead asked for, and for which control (one holder serves each at a time). */
export interface TagQuery {
  q?: string;
  ids?: number[];
  limit?: number;
}
