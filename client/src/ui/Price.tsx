import { formatNaira } from "../../../common/naira.ts";

export function Price({ price, originalPrice, percentOff }: { price: string; originalPrice?: string | null; percentOff?: number | null }) {
  return (
    <span className="price">
      <span className="price__now">{formatNaira(price)}</span>
      {originalPrice && percentOff ? (
        <>
          <s className="price__was" aria-label={`Was ${formatNaira(originalPrice)}`}>
            {formatNaira(originalPrice)}
          </s>
          <span className="price__off">-{percentOff}%</span>
        </>
      ) : null}
    </span>
  );
}
