import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { formatCentsAsLempiras } from '../utils/format';
import { PRODUCT_TYPE_LABELS, type ProductTileView } from '../utils/product-tiles';

interface ProductTilesProps {
  tiles: ProductTileView[];
  /** The id of the text that says why no tile can be chosen, if any. */
  describedBy?: string;
  onSelect: (tile: ProductTileView) => void;
}

/** The products of /aplicar: type, name, description and amounts; a tile opens the request. */
export function ProductTiles({ tiles, describedBy, onSelect }: ProductTilesProps) {
  return (
    <Box
      component="ul"
      aria-label="Productos"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' },
      }}
    >
      {tiles.map((tile) => {
        const { product, isSelectable, note } = tile;
        const minAmount = formatCentsAsLempiras(product.minAmountCents);
        const maxAmount = formatCentsAsLempiras(product.maxAmountCents);
        const noteId = note ? `product-${product.id}-note` : undefined;
        return (
          <Box component="li" key={product.id} sx={{ display: 'grid' }}>
            <ButtonBase
              onClick={isSelectable ? () => onSelect(tile) : undefined}
              disabled={!isSelectable}
              aria-describedby={[noteId, describedBy].filter(Boolean).join(' ') || undefined}
              focusRipple
              sx={{
                display: 'grid',
                width: '100%',
                justifyContent: 'stretch',
                justifyItems: 'start',
                alignContent: 'start',
                gap: 0.5,
                p: 2,
                borderRadius: 2,
                border: 1,
                borderColor: isSelectable ? 'primary.main' : 'divider',
                bgcolor: isSelectable ? 'background.paper' : 'action.hover',
                textAlign: 'left',
                '&.Mui-disabled': { borderStyle: 'dashed' },
                '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              <Typography
                component="span"
                variant="overline"
                sx={{ lineHeight: 1.5, color: isSelectable ? 'primary.dark' : 'text.secondary' }}
              >
                {PRODUCT_TYPE_LABELS[product.period]}
              </Typography>
              <Typography
                component="span"
                variant="subtitle1"
                sx={{ fontWeight: 500, color: 'text.primary' }}
              >
                {product.name}
              </Typography>
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                {product.description}
              </Typography>
              <Typography component="span" variant="body2" sx={{ color: 'text.primary' }}>
                De {minAmount} a {maxAmount}
              </Typography>
              {note && (
                <Typography id={noteId} component="span" variant="caption" sx={{ color: 'text.secondary' }}>
                  {note}
                </Typography>
              )}
            </ButtonBase>
          </Box>
        );
      })}
    </Box>
  );
}
