from django.db.models import Q

User.objects.extra(where=[f"name = '{name}'"])  # expect: B610@27
User.objects.extra(where=["name = %s"], params=[name])
User.objects.extra(where=clauses)  # expect: B610@26
User.objects.extra(tables=["auth_user", other_table])  # expect: B610@41
User.objects.extra(select={"is_recent": "pub_date > '2006-01-01'"})
User.objects.extra(select={"total": "count(*) + " + extra_sql})  # expect: B610@37
User.objects.extra(select={name: "1"})  # expect: B610@28
User.objects.extra(select=columns)  # expect: B610@27
User.objects.extra(select={**columns})  # expect: B610@27
User.objects.extra(None, ["id = %s"], [user_id])  # expect: B610@20
User.objects.extra({"one": "1"}, ["id = %s"], [user_id], ["auth_user"])
User.objects.extra(select={"one": "1"}, order_by=["one"])
qs.extra(
    where=["a = 1"],
    tables=["t"],
    select=make_select(),  # expect: B610@12
)
queryset.extra(where=["status = '%s'" % status])  # expect: B610@23

User.objects.filter(Q(name=name))
User.objects.extra()
extra_fields(where=clauses)
