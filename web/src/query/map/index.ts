/** The maps of the analyses and of the advisory-board page. */
export { ADVISORY_BOARD_VIEW, AdvisoryBoardMap } from "./AdvisoryBoardMap.tsx";
export { QueryMap, type QueryMapProps } from "./QueryMap.tsx";
