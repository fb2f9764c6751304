/** The controls above a list of cards (amps, venues, a venue's amps): a search field and small labelled selects. */
import { FormControl, InputAdornment, InputLabel, MenuItem, Select, TextField } from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';
import { SearchIcon } from './icons';

/** A search field with the magnifier. */
export function SearchField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      type="search"
      size="small"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      {...(props.sx ? { sx: props.sx } : {})}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** A small select of fixed choices (a sort key, an order); only a listed choice reaches onChange. */
export function ChoiceSelect<T extends string>(props: {
  /** Id of the label, unique on the page. */
  id: string;
  label: string;
  value: T;
  choices: readonly T[];
  choiceLabel: (choice: T) => string;
  onChange: (choice: T) => void;
  sx?: SxProps<Theme>;
}) {
  const { choices } = props;
  const isChoice = (v: string): v is T => (choices as readonly string[]).includes(v);
  return (
    <FormControl size="small" {...(props.sx ? { sx: props.sx } : {})}>
      <InputLabel id={props.id}>{props.label}</InputLabel>
      <Select
        labelId={props.id}
        label={props.label}
        value={props.value}
        onChange={(e) => isChoice(e.target.value) && props.onChange(e.target.value)}
      >
        {choices.map((c) => (
          <MenuItem key={c} value={c}>
            {props.choiceLabel(c)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
