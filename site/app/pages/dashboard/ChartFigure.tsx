// A chart with its text alternative: the drawing is hidden from screen readers
// and a visually hidden table says the same in words. The lists behind the
// figures are visible links under the chart (a link in a hidden table would
// take keyboard focus where nobody sees it).
import { Anchor, ColorSwatch, Group, VisuallyHidden } from '@mantine/core';
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
      {/* A plain table: nobody sees it, and Mantine's Table would bring its scroll area (and Floating UI) into the first load. */}
      <VisuallyHidden>
        <table data-testid={`${id}-table`}>
          <caption>{title}</caption>
          <thead>
            <tr>{columns.map((column) => <th key={column} scope="col">{column}</th>)}</tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {row.values.map((value, index) => <td key={index}>{value}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
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
