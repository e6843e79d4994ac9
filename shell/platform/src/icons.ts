// SVG icons (lucide-react) for every screen: emoji and symbol glyphs render as empty boxes where no emoji font is
// installed. One named export per icon in use: `@app/platform/icons` is not a federation singleton, so each bundle
// carries only the icons its own chunks import (never the whole set). Add a name here before using a new icon.
// Icons are decorative by default (`aria-hidden`); give the surrounding control its accessible name.
export {
  ArrowLeft,
  ArrowUpRight,
  Award,
  Bell,
  Check,
  Coins,
  Crown,
  Ellipsis,
  Gem,
  Gift,
  Hourglass,
  House,
  Info,
  KeyRound,
  LayoutDashboard,
  Medal,
  Menu,
  Plus,
  Rocket,
  Search,
  Sparkles,
  Star,
  TrendingUp,
  TriangleAlert,
  Trophy,
  Users,
  Wallet,
  Zap,
} from 'lucide-react';
export type { LucideIcon, LucideProps } from 'lucide-react';
