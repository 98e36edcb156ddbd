import type { knowledgeTrainType } from '../constants/knowledgeTasks.ts';
import type {
  contentDraftTaskType,
  contentTaskType,
  ideaPictureType,
  ideaReportDraftTaskType,
  ideaReportTaskType,
} from '../constants/marketingTasks.ts';
import type { posterType } from '../constants/posters.ts';
import type { articleRewriteType, pictureRewriteType, topicGenerateType, videoRewriteType } from '../constants/rewrite.ts';
import type { IMAGE_BIZ_TYPES } from './imageTypes.ts';

/**
 * Every definition of the business-type registry (tasks/bizTypes.ts), as types only: a file that
 * defines types with `defineBizType` adds its definitions here (and to core's `sideEffects`).
 * Importing this file loads nothing.
 */
type RegisteredDefinition =
  | (typeof IMAGE_BIZ_TYPES)[keyof typeof IMAGE_BIZ_TYPES]
  | typeof contentTaskType
  | typeof contentDraftTaskType
  | typeof ideaPictureType
  | typeof ideaReportTaskType
  | typeof ideaReportDraftTaskType
  | typeof knowledgeTrainType
  | typeof articleRewriteType
  | typeof pictureRewriteType
  | typeof videoRewriteType
  | typeof topicGenerateType
  | typeof posterType;

/** The name of a registered business type: image, video and text types (ImageBizType: image and video only). */
export type BizType = RegisteredDefinition['type'];
