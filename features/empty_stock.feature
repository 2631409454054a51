Feature: Empty stock
  Drawing the last card of the stock does not end the hand; play goes on. A
  player whose turn starts with the stock empty may knock, take the discard and
  play on, or draw from the empty stock, which ends the hand at once: the lowest
  total then wins (see the payments feature for who pays). House rules instead
  turn the discards into a new stock, or make the hand dead.

  Background:
    Given a 2-player hand dealt by seat 1
    And seat 0 holds Ac 2d 3h 4s 6c
    And seat 1 holds 9c 9d Th Jh Qs
    And the upcard is 7s

  Rule: STOCK-1 The last stock card

    @STOCK-1 @DEAL-3 @id.stock-last-card-goes-on
    Scenario: After the last stock card is drawn and discarded, the hand goes on
      When the players draw from the stock and discard the card drawn until the stock is empty
      Then the stock is empty
      And the hand goes on
      And seat 1 is to act
      And the discard pile holds 42 cards

  Rule: STOCK-2 Drawing from the empty stock

    @STOCK-2 @PAY-STOCK-1 @id.stock-draw-from-empty
    Scenario: Drawing from the empty stock ends the hand; the lowest total wins
      When the players draw from the stock and discard the card drawn until the stock is empty
      And seat 1 draws from the stock
      Then the hand ends as stock_out
      And the totals are 16, 48
      And the winner is seat 0
      And the net result is +1, -1

    @STOCK-2 @DEAL-3 @id.stock-take-discard-and-play-on
    Scenario: Taking the discard at an empty stock plays on, and the stock is not rebuilt
      When the players draw from the stock and discard the card drawn until the stock is empty
      And seat 1 plays: draw discard, discard 9c
      Then the hand goes on
      And the stock is empty
      And seat 0 is to act
      When seat 0 draws from the stock
      Then the hand ends as stock_out

    @STOCK-2 @PAY-KNOCK-2 @id.stock-knock-at-empty
    Scenario: A knock at an empty stock is settled as any knock
      When the players draw from the stock and discard the card drawn until the stock is empty
      And seat 1 plays: draw discard, discard Qs
      And seat 0 knocks
      Then the hand ends as knock_won
      And the net result is +1, -1

    @STOCK-2 @STOCK-3 @id.stock-empty-options
    Scenario Outline: Drawing from the empty stock under empty_stock = <empty_stock>
      Given the ruleset has empty_stock = <empty_stock>
      When the players draw from the stock and discard the card drawn until the stock is empty
      And seat 1 draws from the stock
      Then the turn stage is <stage>
      And the stock holds <stock> cards
      And the discard pile holds <pile> cards

      Examples:
        | empty_stock | stage | stock | pile |
        | play_on     | over  | 0     | 42   |
        | dead        | over  | 0     | 42   |
        | reshuffle   | drawn | 40    | 1    |

  Rule: STOCK-3 Other ways with an empty stock

    @STOCK-3 @id.stock-dead-hand
    Scenario: Under empty_stock = dead the hand ends with no winner and no payment
      Given the ruleset has empty_stock = dead
      When the players draw from the stock and discard the card drawn until the stock is empty
      And seat 1 draws from the stock
      Then the hand ends as stock_out
      And there is no winner
      And nobody pays

    @STOCK-3 @STOCK-1 @id.stock-last-turn-ends-the-hand
    Scenario: Under empty_stock = last_turn the discard of the turn that drew the last stock card ends the hand
      Given the ruleset has empty_stock = last_turn
      When the players draw from the stock and discard the card drawn until the stock is empty
      Then the hand ends as stock_out
      And the totals are 16, 48
      And the winner is seat 0
      And the net result is +1, -1

    @STOCK-3 @DEAL-3 @id.stock-reshuffle-turns-the-pile-over
    Scenario: Under empty_stock = reshuffle the pile below its top is turned over, unshuffled, as the new stock
      Given the ruleset has empty_stock = reshuffle
      When the players draw from the stock and discard the card drawn until the stock is empty
      And seat 1 draws from the stock
      Then the hand of seat 1 is 9c 9d Th Jh Qs 7s
      And the stock holds 40 cards
      And the discard pile holds 1 card
