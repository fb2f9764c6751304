/** The CS Touch configuration editor of spec 3 §2–§9 (issue 19): local mode only, under /cs-touch. */
export { CsTouchLayout, TouchPanelRoute } from './components/cs-touch-layout';
export { GroupAreaPrompt, GroupDetail } from './components/group-detail';
export { groupPath, panelPath } from './model/paths';
