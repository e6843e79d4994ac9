import * as TabsPrimitive from '@radix-ui/react-tabs';
import { type ReactNode, useId, useState } from 'react';

export interface TabItem {
  value: string;
  label: string;
  content: ReactNode;
}

export interface TabsProps {
  label: string;
  items: TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?(value: string): void;
}

/**
 * Tabs with arrow-key navigation and the tab roles from the primitives library. The active panel is a plain
 * `tabpanel` rather than the library's: its panel measures its own styles when it mounts (for exit animations these
 * tabs do not have), which forced a style recalculation of the whole new page inside a page's first commit (issue 45).
 */
export function Tabs({ label, items, value, defaultValue, onValueChange }: TabsProps) {
  const [chosen, setChosen] = useState(defaultValue ?? items[0]?.value);
  const current = value ?? chosen;
  const id = useId();
  const change = (next: string) => {
    if (value === undefined) setChosen(next);
    onValueChange?.(next);
  };
  const active = items.findIndex((item) => item.value === current);
  return (
    <TabsPrimitive.Root className="ui-tabs" value={current} onValueChange={change}>
      <TabsPrimitive.List className="ui-tabs__list" aria-label={label}>
        {items.map((item, index) => (
          <TabsPrimitive.Trigger
            key={item.value}
            value={item.value}
            className="ui-tabs__trigger"
            id={`${id}-tab-${index}`}
            aria-controls={`${id}-panel-${index}`}
          >
            {item.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {active >= 0 ? (
        <div
          key={items[active].value}
          role="tabpanel"
          id={`${id}-panel-${active}`}
          aria-labelledby={`${id}-tab-${active}`}
          tabIndex={0}
          className="ui-tabs__panel"
        >
          {items[active].content}
        </div>
      ) : null}
    </TabsPrimitive.Root>
  );
}
