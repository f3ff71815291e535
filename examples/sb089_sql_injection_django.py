"""A Django catalogue app's class-based views and forms: URL keyword arguments (self.kwargs) and
bound forms' cleaned_data reach the text of raw SQL."""

from django import forms
from django.db import connection
from django.http import JsonResponse
from django.views import View


class SearchForm(forms.Form):
    term = forms.CharField(max_length=40)
    page = forms.IntegerField(min_value=1)


class CategoryView(View):
    def get(self, request, *args, **kwargs):
        slug = self.kwargs["slug"]
        with connection.cursor() as cursor:
            cursor.execute("SELECT id FROM products WHERE category = '%s'" % slug)  # expect: B608:HIGH<17
            return JsonResponse({"ids": [row[0] for row in cursor.fetchall()]})


class CategorySafeView(View):
    def get(self, request, *args, **kwargs):
        with connection.cursor() as cursor:
            cursor.execute("SELECT id FROM products WHERE category = %s", [self.kwargs["slug"]])
            return JsonResponse({"ids": [row[0] for row in cursor.fetchall()]})


def search(request):
    form = SearchForm(request.GET)
    if not form.is_valid():
        return JsonResponse({"ids": []})
    term = form.cleaned_data["term"]
    offset = (form.cleaned_data["page"] - 1) * 20
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id FROM products WHERE name LIKE '%{term}%'")  # expect: B608:HIGH<31
        cursor.execute(f"SELECT id FROM products LIMIT 20 OFFSET {offset}")  # expect: B608:LOW
        return JsonResponse({"ids": [row[0] for row in cursor.fetchall()]})


def search_safe(request):
    form = SearchForm(request.GET)
    if not form.is_valid():
        return JsonResponse({"ids": []})
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT id FROM products WHERE name LIKE %s", ["%" + form.cleaned_data["term"] + "%"]
        )
        return JsonResponse({"ids": [row[0] for row in cursor.fetchall()]})


class ReportView(View):
    ORDER = "created"

    def get(self, request, *args, **kwargs):
        self.order = request.GET.get("order", "created")
        return self.rows()  # expect: SB089:HIGH<57

    def rows(self):
        with connection.cursor() as cursor:
            cursor.execute("SELECT id FROM products ORDER BY %s" % self.order)  # expect: B608
            return JsonResponse({"ids": [row[0] for row in cursor.fetchall()]})


class FixedReportView(View):
    def get(self, request, *args, **kwargs):
        self.order = "created"
        return self.rows()

    def rows(self):
        with connection.cursor() as cursor:
            cursor.execute("SELECT id FROM products ORDER BY %s" % self.order)  # expect: B608:LOW
            return JsonResponse({"ids": [row[0] for row in cursor.fetchall()]})


class SortedListView(View):
    # Django runs setup() and dispatch() before get(): what they store on self, get() reads
    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        self.order = request.GET.get("order", "created")

    def get(self, request, *args, **kwargs):
        with connection.cursor() as cursor:
            cursor.execute("SELECT id FROM products ORDER BY %s" % self.order)  # expect: B608:HIGH<81
            return JsonResponse({"ids": [row[0] for row in cursor.fetchall()]})


class NewestListView(View):
    def dispatch(self, request, *args, **kwargs):
        self.order = "created DESC"
        return super().dispatch(request, *args, **kwargs)

    def get(self, request, *args, **kwargs):
        with connection.cursor() as cursor:
            cursor.execute("SELECT id FROM products ORDER BY %s" % self.order)  # expect: B608:LOW
            return JsonResponse({"ids": [row[0] for row in cursor.fetchall()]})


class CheckedListView(View):
    # the attribute is checked where it is stored: the guard holds of self.order after it
    def dispatch(self, request, *args, **kwargs):
        self.order = request.GET.get("order", "created")
        if self.order not in ("created", "price"):
            self.order = "created"
        return super().dispatch(request, *args, **kwargs)

    def get(self, request, *args, **kwargs):
        with connection.cursor() as cursor:
            cursor.execute("SELECT id FROM products ORDER BY %s" % self.order)  # expect: B608:LOW
            return JsonResponse({"ids": [row[0] for row in cursor.fetchall()]})


class LooselyCheckedListView(View):
    def dispatch(self, request, *args, **kwargs):
        self.order = request.GET.get("order", "created")
        if self.order in ("created", "price"):
            self.checked = True
        return super().dispatch(request, *args, **kwargs)

    def get(self, request, *args, **kwargs):
        with connection.cursor() as cursor:
            cursor.execute("SELECT id FROM products ORDER BY %s" % self.order)  # expect: B608:HIGH<116
            return JsonResponse({"ids": [row[0] for row in cursor.fetchall()]})


class ProductRowsView(View):
    # self.kwargs as this file's urls route it: <int:pk> is a number, <str:sku> is input
    def get(self, request, *args, **kwargs):
        from shop.models import Product

        rows = Product.objects.extra(where=[f"id = {self.kwargs['pk']}"])  # expect: B610:LOW
        return JsonResponse({"ids": [row.id for row in rows]})


class ProductSkuView(View):
    def get(self, request, *args, **kwargs):
        from shop.models import Product

        rows = Product.objects.extra(where=[f"sku = '{self.kwargs['sku']}'"])  # expect: B610:HIGH<137
        return JsonResponse({"ids": [row.id for row in rows]})


from django.urls import path, re_path  # noqa: E402

urlpatterns = [
    path("products/<int:pk>/rows/", ProductRowsView.as_view()),
    path("products/<str:sku>/sku/", ProductSkuView.as_view()),
]



def order_by_code(request, code):
    # routed by a pattern of capitals, digits and a dash: no quote can get through
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id FROM orders WHERE code = '{code}'")  # expect: B608:LOW
        return JsonResponse({"ids": [row[0] for row in cursor.fetchall()]})


def order_by_note(request, note):
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id FROM orders WHERE note = '{note}'")  # expect: B608:HIGH<160
        return JsonResponse({"ids": [row[0] for row in cursor.fetchall()]})


urlpatterns += [
    re_path(r"^orders/(?P<code>[A-Z]{3}-[0-9]{4})/$", order_by_code),
    re_path(r"^orders/by-note/(?P<note>[^/]+)/$", order_by_note),
]


#: the columns a product list may be sorted by, each also backwards ("-price")
SORTABLE = ("name", "price", "created")


def products_sorted(request):
    order = request.GET.get("order", "name")
    if order.lstrip("-") not in SORTABLE:
        order = "name"
    rows = Product.objects.extra(order_by=[order])
    return JsonResponse({"ids": [row.id for row in rows]})


def products_sorted_by_any(request):
    order = request.GET.get("order", "name")
    if order.lstrip("-") not in request.GET.getlist("allowed"):  # the client's own list
        order = "name"
    rows = Product.objects.extra(order_by=[order])  # expect: SB089:HIGH<185
    return JsonResponse({"ids": [row.id for row in rows]})


class Order:
    STATUS_CHOICES = [("draft", "Draft"), ("sent", "Sent"), ("paid", "Paid")]


def orders_by_status(request):
    # a mapping of the model's choices: searched by its keys, none of them the request's
    status = request.GET.get("status", "sent")
    if status not in dict(Order.STATUS_CHOICES):
        return JsonResponse({"error": "unknown status"}, status=400)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id FROM orders WHERE status = '{status}'")  # expect: B608:LOW
        return JsonResponse({"ids": [row[0] for row in cursor.fetchall()]})


def orders_by_any_status(request):
    status = request.GET.get("status", "sent")
    allowed = dict(Order.STATUS_CHOICES)
    allowed[request.GET.get("extra", "")] = "Extra"  # a key of the request's choosing
    if status not in allowed:
        return JsonResponse({"error": "unknown status"}, status=400)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id FROM orders WHERE status = '{status}'")  # expect: B608:HIGH<207
        return JsonResponse({"ids": [row[0] for row in cursor.fetchall()]})


urlpatterns += [
    path("orders/by-status/", orders_by_status),
    path("orders/by-any-status/", orders_by_any_status),
]
