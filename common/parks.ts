// Nigerian states (and the FCT) with well-known motor parks, offered when a shopper chooses park
// delivery. Suggestions only: the shopper may type any park; the store ships from Ota, Ogun State.
import { NIGERIAN_STATES } from "./states.ts";

export const PARKS_BY_STATE: Readonly<Record<string, readonly string[]>> = {
  Abia: ["Ariaria Motor Park, Aba", "Umuahia Main Park", "Asa Road Park, Aba"],
  Adamawa: ["Jimeta Motor Park, Yola", "Mubi Motor Park"],
  "Akwa Ibom": ["Itam Park, Uyo", "Ikot Ekpene Motor Park", "Eket Motor Park"],
  Anambra: ["Upper Iweka Park, Onitsha", "Nkpor Junction Park", "Amawbia Park, Awka", "Nnewi Motor Park"],
  Bauchi: ["Bauchi Central Motor Park", "Yelwa Park, Bauchi"],
  Bayelsa: ["Tombia Park, Yenagoa", "Mbiama Park"],
  Benue: ["Makurdi Modern Market Park", "Wurukum Park, Makurdi", "Otukpo Motor Park"],
  Borno: ["Muna Garage, Maiduguri", "Maiduguri Central Park"],
  "Cross River": ["Calabar Main Park (Marian)", "Ikom Motor Park", "Ogoja Motor Park"],
  Delta: ["Asaba Motor Park (Head Bridge)", "Warri Main Park (Effurun)", "Ughelli Motor Park", "Sapele Motor Park"],
  Ebonyi: ["Abakaliki Motor Park (Kpiri Kpiri)", "Afikpo Motor Park"],
  Edo: ["Uselu Park, Benin City", "Ring Road Park, Benin City", "Auchi Motor Park", "Ekpoma Motor Park"],
  Ekiti: ["Ado-Ekiti Old Garage", "Ikere Motor Park"],
  Enugu: ["Holy Ghost Park, Enugu", "Ogbete Motor Park, Enugu", "Nsukka Motor Park"],
  FCT: ["Jabi Motor Park, Abuja", "Utako Motor Park, Abuja", "Nyanya Motor Park", "Zuba Motor Park", "Kubwa Motor Park"],
  Gombe: ["Gombe Main Motor Park", "Tumfure Park, Gombe"],
  Imo: ["Owerri Main Park (Douglas Road)", "Orlu Motor Park", "Okigwe Motor Park"],
  Jigawa: ["Dutse Motor Park", "Hadejia Motor Park"],
  Kaduna: ["Kawo Motor Park, Kaduna", "Mando Motor Park, Kaduna", "Zaria Motor Park"],
  Kano: ["Unguwa Uku Park, Kano", "Naibawa Motor Park, Kano", "Kano Line (Sabon Gari)"],
  Katsina: ["Katsina Central Motor Park", "Funtua Motor Park"],
  Kebbi: ["Birnin Kebbi Motor Park", "Argungu Motor Park"],
  Kogi: ["Lokoja Main Park (Ganaja)", "Okene Motor Park", "Anyigba Motor Park"],
  Kwara: ["Post Office Park, Ilorin", "Offa Garage, Ilorin", "Geri Alimi Park, Ilorin"],
  Lagos: ["Jibowu Motor Park", "Ojota New Garage", "Maza-Maza (Mile 2) Park", "Iddo Motor Park", "Oshodi Terminal", "Ikotun Motor Park", "Ajah Motor Park"],
  Nasarawa: ["Lafia Motor Park", "Keffi Motor Park", "Mararaba Motor Park"],
  Niger: ["Minna Central Motor Park", "Suleja Motor Park", "Bida Motor Park"],
  Ogun: ["Kuto Motor Park, Abeokuta", "Sango-Ota Motor Park", "Ijebu-Ode Motor Park", "Sagamu Interchange Park"],
  Ondo: ["Akure Main Garage (Oba Adesida)", "Ondo Town Motor Park", "Owo Motor Park"],
  Osun: ["Osogbo Old Garage", "Ile-Ife Motor Park", "Ilesa Motor Park"],
  Oyo: ["Iwo Road Park, Ibadan", "Challenge Park, Ibadan", "Ojoo Park, Ibadan", "Ogbomoso Motor Park", "Oyo Town Motor Park"],
  Plateau: ["Terminus Motor Park, Jos", "Bauchi Road Park, Jos"],
  Rivers: ["Mile 1 Park, Port Harcourt", "Waterlines Park, Port Harcourt", "Eleme Junction Park", "Rumuokoro Motor Park"],
  Sokoto: ["Sokoto Central Motor Park", "Kofar Kware Park, Sokoto"],
  Taraba: ["Jalingo Motor Park", "Wukari Motor Park"],
  Yobe: ["Damaturu Motor Park", "Potiskum Motor Park"],
  Zamfara: ["Gusau Central Motor Park", "Kaura Namoda Motor Park"],
};

/** Suggested parks for a state (case-insensitive); empty for an unknown state. */
export function parksInState(state: string): readonly string[] {
  const key = NIGERIAN_STATES.find((s) => s.toLowerCase() === state.trim().toLowerCase());
  return key ? PARKS_BY_STATE[key]! : [];
}
