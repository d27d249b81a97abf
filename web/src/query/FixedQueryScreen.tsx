import { AnalysisScreen } from "./AnalysisScreen.tsx";
import { filtersToSearch, type QuerySearch } from "./searchParams.ts";

/**
 * One of the ten fixed analyses, its filters kept in the address: applying filters navigates to
 * the same screen with the filters that differ from the defaults as search parameters.
 */
export function FixedQueryScreen({
  name,
  search,
  onSearch,
}: {
  name: string;
  search: QuerySearch;
  onSearch: (search: QuerySearch) => void;
}) {
  return (
    <AnalysisScreen
      key={name}
      name={name}
      requested={search}
      onApply={(filters, defaults) => onSearch(filtersToSearch(filters, defaults))}
    />
  );
}
