import { Button, Group } from "@mantine/core";

/** The "Show more" of a paged list (web/src/api/pages.ts): shown while another page follows. */
export function ShowMore({
  list,
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  if (!list.hasNextPage) return null;
  return (
    <Group justify="center" mt="sm">
      <Button variant="subtle" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
        Show more
      </Button>
    </Group>
  );
}
