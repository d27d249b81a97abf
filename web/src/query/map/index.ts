/** The maps of the analyses and of the advisory-board page. */
export { AdvisoryBoardMap } from "./AdvisoryBoardMap.tsx";
export { ADVISORY_BOARD_VIEW } from "./advisoryBoardMapProps.ts";
export { QueryMap } from "./QueryMap.tsx";
export type { QueryMapProps } from "./queryMapProps.ts";
