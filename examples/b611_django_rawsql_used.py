from django.db.models.expressions import RawSQL

queryset.annotate(value=RawSQL("select col from t where id = %s", (item_id,)))
queryset.annotate(value=RawSQL(f"select col from t where id = {item_id}", []))  # expect: B608, B611@32
queryset.annotate(value=RawSQL(sql, params))  # expect: B611@32
queryset.annotate(value=RawSQL(sql="select 1", params=[]))
queryset.annotate(value=RawSQL(sql=query, params=[]))  # expect: B611@36
queryset.annotate(
    value=RawSQL(
        "select %s from t" % column,  # expect: B608, B611@9
        [],
    )
)

queryset.annotate(value=RawSQL(*extra))  # expect: B611@32
queryset.annotate(value=Sum("amount"))
queryset.annotate(value=RawSQL())
