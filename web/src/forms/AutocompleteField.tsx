import { Autocomplete, type AutocompleteProps, Loader } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { autocomplete } from "../api/onboarding.ts";

/**
 * A text field with remote suggestions (a field's api_url): POST {query, other} -> {data: [[value,
 * label]]}. `other` is the value of the field named by api_other (the city whose zips are listed);
 * such a field lists its suggestions as soon as the other field is set, a free one after 2 letters.
 */
export function AutocompleteField({
  url,
  other,
  value,
  onChange,
  ...props
}: Omit<AutocompleteProps, "data" | "onChange" | "value"> & {
  url: string;
  other?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [query] = useDebouncedValue(value, 250);
  const [options, setOptions] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const dependent = other !== undefined;
  const ready = dependent ? other.trim() !== "" : query.trim().length >= 2;

  useEffect(() => {
    if (!ready) {
      setOptions([]);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    autocomplete(url, query.trim(), other, controller.signal)
      .then((answer) => setOptions([...new Set(answer.data.map(([choice]) => choice))]))
      // A failed suggestion list leaves the field usable by typing; the form's rules still apply.
      .catch(() => {
        if (!controller.signal.aborted) setOptions([]);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [url, query, other, ready]);

  return (
    <Autocomplete
      {...props}
      value={value}
      onChange={onChange}
      data={options}
      // The server already filtered: show its answer as it is.
      filter={({ options: all }) => all}
      limit={20}
      rightSection={loading ? <Loader size={14} /> : props.rightSection}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
