/**
 * The controls above a list of cards (amps, venues, a venue's amps): a search field and small labelled selects.
 * Plain React and CSS in MUI's outlined look (the amp list is the first route, drawn without MUI: docs/adr/0004).
 */
import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { arrowDropDownGlyph, searchGlyph } from './plain/glyphs';
import { Icon } from './plain/icon';
import styles from './list-controls.module.css';

/** The outline with its notch for the label, as MUI's outlined field draws it. */
function Outline({ label }: { label: string }) {
  return (
    <fieldset aria-hidden="true" className={styles.outline}>
      <legend className={styles.legend}>
        <span>{label}</span>
      </legend>
    </fieldset>
  );
}

/** A search field with the magnifier (an <input type="search"> with its <label>). */
export function SearchField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  style?: CSSProperties;
}) {
  const id = useId();
  return (
    <div className={`${styles.field} ${styles.adorned}`} style={props.style}>
      <label htmlFor={id} className={styles.label}>
        {props.label}
      </label>
      <span className={styles.adornment}>
        <Icon glyph={searchGlyph()} small tone="action" />
      </span>
      <input
        id={id}
        type="search"
        className={styles.input}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <Outline label={props.label} />
    </div>
  );
}

/**
 * A small select of fixed choices (a sort key, an order); only a listed choice reaches onChange. A button with the
 * combobox role opening a listbox (the ARIA select-only combobox): arrows, Home/End, Enter/Space and Escape, as
 * MUI's Select.
 */
export function ChoiceSelect<T extends string>(props: {
  /** Id of the label, unique on the page. */
  id: string;
  label: string;
  value: T;
  choices: readonly T[];
  choiceLabel: (choice: T) => string;
  onChange: (choice: T) => void;
  style?: CSSProperties;
}) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = `${props.id}-listbox`;
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const choose = (choice: T) => {
    close(true);
    if (choice !== props.value) props.onChange(choice);
  };
  const handleButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
    }
  };
  return (
    <div className={styles.field} style={props.style}>
      <label id={props.id} className={styles.label}>
        {props.label}
      </label>
      <button
        ref={buttonRef}
        type="button"
        role="combobox"
        className={styles.selectButton}
        aria-labelledby={props.id}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={handleButtonKey}
      >
        <span className={styles.selectValue}>{props.choiceLabel(props.value)}</span>
        <Icon glyph={arrowDropDownGlyph()} tone="action" />
      </button>
      <Outline label={props.label} />
      {open ? (
        <ChoiceList
          id={listId}
          labelledBy={props.id}
          value={props.value}
          choices={props.choices}
          choiceLabel={props.choiceLabel}
          onChoose={choose}
          onClose={close}
        />
      ) : null}
    </div>
  );
}

/** The open listbox: focuses the chosen option, moves with the arrows, closes on Escape, Tab or a click outside. */
function ChoiceList<T extends string>(props: {
  id: string;
  labelledBy: string;
  value: T;
  choices: readonly T[];
  choiceLabel: (choice: T) => string;
  onChoose: (choice: T) => void;
  onClose: (refocus: boolean) => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const options = () => Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? []);
  const focusOption = (index: number) => {
    const all = options();
    all[(index + all.length) % all.length]?.focus();
  };
  const chosenIndex = Math.max(0, props.choices.indexOf(props.value));
  // on opening only: the chosen option takes the focus, as in MUI's Select
  useEffect(() => focusOption(chosenIndex), []);
  const handleKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const index = options().findIndex((o) => o === e.target);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: -1 };
    const to = moves[e.key];
    const choice = props.choices[index];
    if (to !== undefined) focusOption(to);
    else if ((e.key === 'Enter' || e.key === ' ') && choice !== undefined) props.onChoose(choice);
    else if (e.key === 'Escape') props.onClose(true);
    else if (e.key === 'Tab') return props.onClose(false);
    else return;
    e.preventDefault();
  };
  return (
    <ul
      ref={listRef}
      id={props.id}
      role="listbox"
      aria-labelledby={props.labelledBy}
      className={styles.listbox}
      onKeyDown={handleKey}
      onBlur={(e) => {
        const to = e.relatedTarget;
        if (!(to instanceof Node) || !e.currentTarget.parentElement?.contains(to)) props.onClose(false);
      }}
    >
      {props.choices.map((choice) => (
        <li
          key={choice}
          role="option"
          tabIndex={-1}
          aria-selected={choice === props.value}
          className={styles.option}
          onClick={() => props.onChoose(choice)}
        >
          {props.choiceLabel(choice)}
        </li>
      ))}
    </ul>
  );
}
