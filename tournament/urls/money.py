"""Deals, the cashier, receipts, the bounty board and webhooks.

Full routes: tournament.config.urls includes this module without a prefix.
"""

from django.urls import path

from tournament.views import money, webhooks

urlpatterns = [
    path("t/<int:tournament_id>/deal/", money.deal_page, name="deal_page"),
    path("t/<int:tournament_id>/deal/undo/", money.deal_undo_view, name="deal_undo"),
    path("t/<int:tournament_id>/deal/sheet/", money.deal_sheet, name="deal_sheet"),
    path("t/<int:tournament_id>/cashier/", money.cashier_page, name="cashier"),
    path("t/<int:tournament_id>/cashier/<slug:kind>/<int:item_id>/paid/", money.pay,
         name="cashier_pay"),
    path("t/<int:tournament_id>/receipts/<int:payment_id>/", money.receipt, name="receipt"),
    path("t/<int:tournament_id>/bounties/", money.bounties_board, name="bounties_board"),
    path("t/<int:tournament_id>/results/export/", money.results_export_page,
         name="results_export"),
    path("t/<int:tournament_id>/webhooks/", webhooks.webhooks_page, name="webhooks"),
    path("t/<int:tournament_id>/webhooks/<int:webhook_id>/remove/", webhooks.webhook_remove,
         name="webhook_remove"),
    path("t/<int:tournament_id>/webhooks/deliveries/<int:item_id>/again/",
         webhooks.webhook_redeliver, name="webhook_redeliver"),
]
