/**
 * Which kinds of OpenStreetMap place a person pays, shared by the lexicon builders
 * (build-brand-lexicon.ts, build-place-terms.ts): street furniture, lockers, machines and chargers,
 * public services and land are left out.
 */
export const NOT_PAID =
  /^(advertising|boundary|club|emergency|landuse|man_made|natural|pipeline|power|internet_access)\/|^amenity\/(atm|bicycle_parking|bicycle_repair_station|charging_station|courthouse|drinking_water|fire_station|food_sharing|parcel_locker|payment_terminal|police|post_box|prison|public_bookcase|recycling|social_facility|telephone|ticket_validator|toilets|trolley_bay|vending_machine|waste_basket|waste_disposal|waste_transfer_station|weighbridge)$|^highway\/street_lamp$|^leisure\/(dog_park|fitness_station|nature_reserve|park|pitch|playground)$|^tourism\/information$/;
