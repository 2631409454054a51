Feature: Cards and values
  Tonk is played with one standard deck of 52 cards and no jokers. A card is
  written as its rank (A 2 3 4 5 6 7 8 9 T J Q K) followed by its suit (c d h s):
  Ah, Td, Ks. An ace counts 1, a two to a ten its number, and a jack, queen or
  king 10. A player's total is the sum of the values of every card still held;
  only cards laid in spreads on the table are left out.

  Rule: CARD-1 One standard deck

    @CARD-1 @DEAL-3 @id.cards-whole-deck-is-used
    Scenario Outline: After the deal to <players> players the stock holds the rest of the 52 cards
      Given a <players>-player hand dealt by seat 0
      When the hand is dealt
      Then the stock holds <stock> cards
      And the discard pile holds 1 card

      Examples:
        | players | stock |
        | 2       | 41    |
        | 3       | 36    |

    @CARD-1 @id.cards-deck-missing-a-card
    Scenario: A deck of 51 cards is refused
      Given a 2-player hand dealt by seat 1
      And seat 0 holds Ac Ad 2c 2d 3c
      And seat 1 holds 4c 4d 5c 5d 6c
      And the upcard is 7s
      When the hand is dealt from a deck without Kh
      Then the deal is refused

    @CARD-1 @id.cards-deck-with-a-card-twice
    Scenario: A deck holding one card twice is refused
      Given a 2-player hand dealt by seat 1
      And seat 0 holds Ac Ad 2c 2d 3c
      And seat 1 holds 4c 4d 5c 5d 6c
      And the upcard is 7s
      When the hand is dealt from a deck with Ac in place of Kh
      Then the deal is refused

  Rule: CARD-2 Card notation

    @CARD-2 @id.cards-malformed-card
    Scenario Outline: "<card>" is not a card, so discarding it is refused
      Given a 2-player hand dealt by seat 1
      And seat 0 holds Ac Ad 2c 2d Th
      And seat 1 holds 4c 4d 5c 5d 6c
      And the upcard is 7s
      When seat 0 draws from the stock
      And seat 0 discards <card>
      Then the action is refused as malformed_action
      And the state is unchanged

      Examples:
        | card |
        | 10h  |
        | th   |
        | TH   |
        | 1x   |

  Rule: CARD-3 Card values

    @CARD-3 @PAY-KNOCK-1 @id.cards-values
    Scenario: Aces count 1, numbers their number, tens and court cards 10
      Given a 3-player hand dealt by seat 2
      And seat 0 holds Ac 2d 3h 4s 5c
      And seat 1 holds Tc Jd Qh Ks 2c
      And seat 2 holds 6c 7d 8h 9s Ad
      And the upcard is 3c
      When seat 0 knocks
      Then the hand ends as knock_won
      And the totals are 15, 42, 31

  Rule: CARD-4 Hand total

    @CARD-4 @PAY-KNOCK-1 @id.cards-held-spread-counts
    Scenario Outline: A run kept in the hand counts when count_held_spreads = <count_held_spreads>
      Given a 2-player hand dealt by seat 1
      And the ruleset has count_held_spreads = <count_held_spreads>
      And seat 0 holds 4c 4d 5c 3s 6s
      And seat 1 holds 2h 3h 4h 9d 9h
      And the upcard is Ks
      When seat 0 knocks
      Then the totals are <totals>
      And the hand ends as <ending>

      Examples:
        | count_held_spreads | totals | ending       |
        | true               | 22, 27 | knock_won    |
        | false              | 22, 18 | knock_caught |
