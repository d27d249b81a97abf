import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, Tooltip } from "@mantine/core";
import { IconRestore } from "@tabler/icons-react";
import { useState } from "react";
import { fetchYearVersions, restoreYearVersion } from "../../api/adminUploads.ts";
import type { YearVersion } from "../../api/answers.ts";
import { errorMessage } from "../../api/errors.ts";
import { ShowMore } from "../../components/ShowMore.tsx";
import { ConfirmModal } from "../shared/ConfirmModal.tsx";
import { useYearAction } from "./useYearAction.ts";

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * The older versions after the year detail's first page, a page at a time ("Show more"). A new first
 * page (an upload, a restore: its cursor changes) starts them again.
 */
function useOlderVersions(organizationId: string, year: number, firstCursor: string | null) {
  const fresh = { after: firstCursor, versions: [] as YearVersion[], cursor: firstCursor };
  const [read, setRead] = useState(fresh);
  const [fetching, setFetching] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const current = read.after === firstCursor ? read : fresh;
  return {
    versions: current.versions,
    error,
    hasNextPage: current.cursor !== null,
    isFetchingNextPage: fetching,
    fetchNextPage: async () => {
      if (current.cursor === null) return;
      setFetching(true);
      setError(null);
      try {
        const page = await fetchYearVersions(organizationId, year, current.cursor);
        setRead({
          after: firstCursor,
          versions: [...current.versions, ...page.versions],
          cursor: page.next_cursor,
        });
      } catch (failure) {
        setError(failure);
      } finally {
        setFetching(false);
      }
    },
  };
}

/**
 * Every accepted version of the year (data-contract.md section 9, "nothing lost"): who sent it and
 * when, its files, lines, checksum, warnings and rows set aside; a site admin may restore an earlier
 * one (switched in like an upload, recorded as a new version). The year detail carries the newest
 * page; "Show more" reads the older ones (GET .../year-version/{orgid}/{year}/).
 */
export function VersionsPanel({
  organizationId,
  year,
  versions: firstPage,
  nextCursor,
  canRestore,
}: {
  organizationId: string;
  year: number;
  versions: YearVersion[];
  nextCursor: string | null;
  canRestore: boolean;
}) {
  const older = useOlderVersions(organizationId, year, nextCursor);
  const versions = [...firstPage, ...older.versions];
  const [restoring, setRestoring] = useState<YearVersion | null>(null);
  const restore = useYearAction(
    (version: YearVersion) => restoreYearVersion(organizationId, year, version.id),
    () => setRestoring(null),
  );
  if (versions.length === 0) return null;
  return (
    <Stack gap={6} data-testid="year-versions">
      <Text size="sm" fw={600}>
        Versions ({versions.length}
        {older.hasNextPage ? "+" : ""})
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder fz="xs" aria-label={`Versions of ${year}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Version</Table.Th>
              <Table.Th>When</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th>Files</Table.Th>
              <Table.Th>Lines</Table.Th>
              <Table.Th>Set aside</Table.Th>
              <Table.Th>Warnings</Table.Th>
              <Table.Th>Checksum</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {versions.map((version) => (
              <Table.Tr key={version.id}>
                <Table.Td>
                  {/* Wide enough for its marks: "customers read" was cut to "CUST..." at 1280 px. */}
                  <Group gap={4} miw={124}>
                    <Text size="xs">{version.data_version}</Text>
                    {version.current ? (
                      <Badge size="xs" color="green" variant="light">
                        current
                      </Badge>
                    ) : null}
                    {version.held ? (
                      <Tooltip label="The version staff enabled: customers read it until the newer data is enabled">
                        <Badge size="xs" color="blue" variant="light">
                          customers read
                        </Badge>
                      </Tooltip>
                    ) : null}
                    {version.restored_from ? (
                      <Badge size="xs" color="gray" variant="light">
                        restored
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>{when(version.created_at)}</Table.Td>
                <Table.Td>{version.by ?? "-"}</Table.Td>
                <Table.Td>{version.file_names.join(", ")}</Table.Td>
                <Table.Td>{version.rows.toLocaleString("en-US")}</Table.Td>
                <Table.Td>
                  {version.skipped_rows > 0 ? (
                    version.rejected_rows_url ? (
                      <Anchor href={version.rejected_rows_url} download size="xs">
                        {version.skipped_rows.toLocaleString("en-US")} (CSV)
                      </Anchor>
                    ) : (
                      version.skipped_rows.toLocaleString("en-US")
                    )
                  ) : (
                    "0"
                  )}
                </Table.Td>
                <Table.Td>
                  {version.warnings.length === 0 ? (
                    "-"
                  ) : (
                    // The full texts sit in a tooltip: the current version's are listed above the table.
                    <Tooltip
                      multiline
                      w={320}
                      withArrow
                      label={version.warnings.map((warning) => warning.message).join(" | ")}
                    >
                      <Badge size="xs" color="yellow" variant="light" style={{ cursor: "help" }}>
                        {version.warnings.length}
                      </Badge>
                    </Tooltip>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace" title={version.checksum}>
                    {version.checksum.slice(0, 12)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {canRestore && !version.current ? (
                    <Button
                      size="compact-xs"
                      variant="light"
                      leftSection={<IconRestore size={12} />}
                      onClick={() => {
                        restore.reset();
                        setRestoring(version);
                      }}
                    >
                      Restore
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ShowMore list={older} />
      {older.error ? (
        <Alert color="red" variant="light">
          {errorMessage(older.error)}
        </Alert>
      ) : null}
      {restore.error && !restoring ? (
        <Alert color="red" variant="light">
          {errorMessage(restore.error)}
        </Alert>
      ) : null}
      <ConfirmModal
        opened={restoring !== null}
        title={`Restore version ${restoring?.data_version ?? ""} of ${year}`}
        confirmLabel="Restore this version"
        pending={restore.isPending}
        error={restore.error}
        onConfirm={() => restoring && restore.mutate(restoring)}
        onClose={() => setRestoring(null)}
      >
        <Text size="sm">
          The year's data becomes this version again ({restoring?.rows.toLocaleString("en-US")} lines from{" "}
          {restoring?.file_names.join(", ")}). The analyses are recomputed; the current version stays in the
          list and can be restored later.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
