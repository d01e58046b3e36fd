import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Product } from '@trailpass/contract';
import { formatPartnerDateTime } from '../../../lib/dates';
import { heroUrl } from '../../../lib/media';
import { isLoggedIn, isPreview } from '../../app-data';
import { RedeemAction } from '../../redeem/components/RedeemAction';
import { useOfferedOnce } from '../../redeem/offered';
import { CardList } from '../components/CardList';
import { ContentCard } from '../components/ContentCard';
import { type PurchasedItem, purchasedItems, STATUS_LABELS } from '../components/purchased';
import { TitledSection } from '../components/TitledSection';
import { useModuleContext } from '../context';
import { productTarget } from '../links';
import { type ModuleProps, moduleLabel } from '../types';

/**
 * One purchased product: the card leads to the product; below the link (never inside it), Redeem or
 * Check In while one of them can be used, kept after a redemption for its success line.
 */
function PurchasedCard({ item }: { item: PurchasedItem }) {
  const ctx = useModuleContext();
  const { appData } = ctx;
  const { product, count, status, availableAgain } = item;
  const withAction = useOfferedOnce(status === 'ready');
  return (
    <ContentCard
      title={product.name}
      image={heroUrl(product.media)}
      link={{ kind: 'route', to: productTarget(ctx, product.id) }}
      footer={withAction && <RedeemAction appData={appData} product={product} nameInLabel />}
    >
      {product.venueName && (
        <Typography variant="body2" color="text.secondary">
          {product.venueName}
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 0.75 }}>
        <Chip
          size="small"
          color={status === 'ready' ? 'success' : 'default'}
          variant={status === 'ready' ? 'filled' : 'outlined'}
          label={STATUS_LABELS[status]}
        />
        <Typography variant="body2" color="text.secondary">
          {count} purchased
        </Typography>
      </Box>
      {availableAgain && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          Available again {formatPartnerDateTime(availableAgain, appData.partner?.timezone)}
        </Typography>
      )}
    </ContentCard>
  );
}

/**
 * Spec 2.4 DashboardItems (purchased items): the signed-in user's products, one card each with how many
 * they hold and whether one is ready to use, leading to the product, with the redeem action beside it. A
 * preview or a signed-out visitor has no purchases to show, so the module shows nothing for them.
 */
export default function DashboardItems({ module }: ModuleProps) {
  const ctx = useModuleContext();
  const { appData, index } = ctx;
  if (!isLoggedIn(appData) || isPreview(appData)) return null;

  const products = new Map<number, Product>(appData.products.map((product) => [product.id, product]));
  const items = purchasedItems(appData, (id) => products.get(id) ?? index.products.get(id) ?? null);

  return (
    <TitledSection title={moduleLabel(module)}>
      {(headingId) =>
        items.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            You have no purchased items yet.
          </Typography>
        ) : (
          <CardList
            items={items}
            itemKey={(item) => item.product.id}
            layout="grid"
            labelledBy={headingId}
            label={module.name}
            renderItem={(item) => <PurchasedCard item={item} />}
          />
        )
      }
    </TitledSection>
  );
}
