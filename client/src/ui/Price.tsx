import { formatNaira } from "../../../common/naira.ts";

/** Sale price, with the original price struck through and the percent off when there is a discount. */
export function Price({ price, originalPrice, percentOff }: { price: string; originalPrice?: string | null; percentOff?: number | null }) {
  return (
    <span className="price">
      <span className="price__now">{formatNaira(price)}</span>
      {originalPrice && percentOff ? (
        <>
          <s className="price__was">
            <span className="visually-hidden">Was </span>
            {formatNaira(originalPrice)}
          </s>
          <span className="price__off">{percentOff}% off</span>
        </>
      ) : null}
    </span>
  );
}
