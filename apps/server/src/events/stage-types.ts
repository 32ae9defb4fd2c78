/** 二章1节3: the formats an event's stages may take; 附录2 / 附录3 are the two championship formats. */
export const STAGE_TYPES = ['round_robin', 'double_round_robin', 'group_round_robin', 'swiss', 'knockout', 'championship_5_2', 'championship_6_1'] as const;
export type StageType = (typeof STAGE_TYPES)[number];
