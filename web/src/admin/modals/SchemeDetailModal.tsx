import { Modal } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type GeneratorKind, schemeDetail, scoringDetail } from "../../api/adminSchemes.ts";
import { PendingScreen } from "../../components/StatusScreens.tsx";
import { MACRO_SECTIONS, MARKET_PROFILE_SECTIONS, SERVICE_SECTIONS } from "../detailFormat.ts";
import { QueryErrorAlert } from "../shared/QueryErrorAlert.tsx";
import { DetailTable } from "./DetailTable.tsx";

export type DetailKind = GeneratorKind | "SCORING";

const TITLES: Record<DetailKind, string> = {
  SC: "Service capabilities",
  MC: "Macro capabilities",
  MP: "Market profile",
  SCORING: "Scoring",
};
const ORDERS: Record<DetailKind, readonly string[]> = {
  SC: SERVICE_SECTIONS,
  MC: MACRO_SECTIONS,
  MP: MARKET_PROFILE_SECTIONS,
  SCORING: [],
};

/** The read-only detail of a generated scheme (admin-area.md section 2, "Modals"). */
export function SchemeDetailModal({
  kind,
  organizationId,
  year,
  onClose,
}: {
  kind: DetailKind | undefined;
  organizationId: string;
  year: number;
  onClose: () => void;
}) {
  const detail = useQuery({
    queryKey: ["admin", "scheme-detail", organizationId, year, kind],
    queryFn: () =>
      kind === "SCORING"
        ? scoringDetail(organizationId, year)
        : schemeDetail(kind as GeneratorKind, organizationId, year),
    enabled: kind !== undefined,
  });
  return (
    <Modal
      opened={kind !== undefined}
      onClose={onClose}
      title={kind ? `${TITLES[kind]} (${year})` : ""}
      size="xl"
      centered
    >
      {detail.isPending ? <PendingScreen /> : null}
      {detail.isError ? <QueryErrorAlert error={detail.error} /> : null}
      {detail.data && kind ? <DetailTable scheme={detail.data} order={ORDERS[kind]} /> : null}
    </Modal>
  );
}
