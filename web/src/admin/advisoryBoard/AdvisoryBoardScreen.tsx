import { Grid, Paper, Stack } from "@mantine/core";
import { ScreenTitle } from "../../components/ScreenTitle.tsx";
import { AdvisoryBoardMap } from "../../query/map/index.ts";
import { MarketUploadBlock } from "./MarketUploadBlock.tsx";

/** 'Advisory board' (admin-area.md section 2): the three market uploads beside the map panel. */
export function AdvisoryBoardScreen() {
  return (
    <>
      <ScreenTitle title="Advisory board" />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <MarketUploadBlock title="Market Scenario OP" kind="OP" />
            <MarketUploadBlock title="Market Scenario IP" kind="IP" />
            <MarketUploadBlock title="Demographic Profiler" kind="DEMO" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper p={0} style={{ overflow: "hidden" }}>
            <AdvisoryBoardMap height={620} />
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
