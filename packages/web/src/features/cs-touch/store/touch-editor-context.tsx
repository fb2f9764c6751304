/**
 * The editor's store (touch-editor-slice) for every panel, held by the /cs-touch layout so that a panel's temporary
 * copy survives moving between its groups and between panels while the editor is open.
 */
import { createContext, useContext, useReducer, type Dispatch, type ReactNode } from 'react';
import {
  emptyPanelEdit,
  touchEditorReducer,
  type PanelEdit,
  type TouchEditorAction,
  type TouchEditorState,
} from './touch-editor-slice';

interface TouchEditorStore {
  readonly state: TouchEditorState;
  readonly dispatch: Dispatch<TouchEditorAction>;
}

const Context = createContext<TouchEditorStore | null>(null);

export function TouchEditorProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(touchEditorReducer, {});
  return <Context.Provider value={{ state, dispatch }}>{children}</Context.Provider>;
}

function useStore(): TouchEditorStore {
  const store = useContext(Context);
  if (!store) throw new Error('the touch editor needs a TouchEditorProvider');
  return store;
}

/** One panel's editing state and the dispatch that edits it. */
export function usePanelEdit(panelId: string): { edit: PanelEdit; dispatch: Dispatch<TouchEditorAction> } {
  const { state, dispatch } = useStore();
  return { edit: state[panelId] ?? emptyPanelEdit, dispatch };
}

/** Every panel's editing state (the leave-with-unsaved-changes prompt reads it). */
export const useTouchEditorState = (): TouchEditorState => useStore().state;
