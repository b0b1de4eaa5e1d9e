// A chart with its text alternative: the drawing is hidden from screen readers
// and a visually hidden table says the same in words. The lists behind the
// figures are visible links under the chart (a link in a hidden table would
// take keyboard focus where nobody sees it).
import { Anchor, ColorSwatch, Group, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { appLinkProps } from '#app/router/Link.tsx';
import { DashboardCard } from './DashboardCard.tsx';

export interface ChartRow {
  label: string;
  values: (string | number)[];
}

export interface ChartLink {
  label: string;
  href: string;
  /** A Mantine colour: the link then doubles as the chart's legend. */
  color?: string;
}

export function ChartFigure({ id, title, columns, rows, links = [], children }: {
  id: string;
  title: string;
  /** The table's column headers, the row label's first. */
  columns: [string, ...string[]];
  rows: ChartRow[];
  links?: ChartLink[];
  children: ReactNode;
}) {
  return (
    <DashboardCard id={id} title={title}>
      <div aria-hidden data-testid={`${id}-chart`}>{children}</div>
      <VisuallyHidden>
        <Table data-testid={`${id}-table`}>
          <caption>{title}</caption>
          <Table.Thead>
            <Table.Tr>{columns.map((column) => <Table.Th key={column} scope="col">{column}</Table.Th>)}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.label}>
                <Table.Th scope="row">{row.label}</Table.Th>
                {row.values.map((value, index) => <Table.Td key={index}>{value}</Table.Td>)}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
      {links.length > 0 && (
        <Group gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid={`${id}-links`}>
          {links.map((link) => (
            <li key={link.label}>
              <Anchor size="sm" {...appLinkProps(link.href)}>
                <Group gap={4} wrap="nowrap" component="span">
                  {link.color && <ColorSwatch component="span" color={`var(--mantine-color-${link.color.replace('.', '-')})`} size={10} aria-hidden />}
                  {link.label}
                </Group>
              </Anchor>
            </li>
          ))}
        </Group>
      )}
    </DashboardCard>
  );
}
